// The team tab against a scripted server: members with their roles, the permission table from contracts,
// a role change, an invitation with the server's field error on its field, removal after a confirmation, and
// a member who is not the owner told so.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCESS_AREA_LABELS, ERRORS, TEAM_ROLE_LABELS } from '@moda/contracts';
import { dictionaryFor, SELLER_PARTNER } from '../../../test/fake-server';
import { callsOf, rpcError, serve } from '../../../test/mock-api';
import { renderScreen } from '../../../test/mocked-screen';
import { teamText } from '../locale';
import { TeamPage } from './team-page';

const call = vi.hoisted(() => vi.fn());
const state = vi.hoisted((): { current: unknown } => ({ current: undefined }));
vi.mock('../../../lib/api/client', () => ({ api: { call }, onSessionExpired: () => () => undefined }));
vi.mock('../../../lib/session/session', () => ({
  useSession: () => state.current,
  session: { resetDictionaries: vi.fn() },
}));

const OWNER = '11111111-1111-4111-8111-111111111111';
const ANALYST = '22222222-2222-4222-8222-222222222222';
const TEAM = {
  members: [
    { userId: OWNER, email: 'owner@moda.test', displayName: 'Owner', role: 'owner' },
    { userId: ANALYST, email: 'analyst@moda.test', displayName: 'Analyst', role: 'analyst' },
  ],
  invitations: [
    {
      id: '33333333-3333-4333-8333-333333333333',
      email: 'new@moda.test',
      role: 'manager',
      createdAt: '2026-11-20T10:00:00.000Z',
      expiresAt: '2099-11-27T10:00:00.000Z',
      invitedBy: 'owner@moda.test',
    },
  ],
};

const renderTeam = (children: ReactNode = <TeamPage />) => renderScreen(children);

beforeEach(() => {
  const dictionaries = dictionaryFor([SELLER_PARTNER], ['partner_user']);
  state.current = {
    status: 'ready',
    dictionaries,
    user: { ...dictionaries.user, id: OWNER },
    partner: SELLER_PARTNER,
  };
  serve(call, {
    'v1.team.list': () => TEAM,
    'v1.team.change-role': (p) => ({ ...TEAM.members[1]!, role: p.role }),
    'v1.team.remove': () => ({ ok: true }),
    'v1.team.invite': (p) => {
      if (p.email === 'taken@moda.test')
        throw rpcError('v1.team.invite', ERRORS['team.alreadyMember'].message, [
          { field: 'email', message: ERRORS['team.alreadyMember'].message },
        ]);
      return { ...TEAM.invitations[0]!, email: p.email, role: p.role };
    },
  });
});
afterEach(() => call.mockReset());

describe('team tab', () => {
  it('lists members and open invitations, and shows the permission table', async () => {
    renderTeam();
    expect(await screen.findByText('analyst@moda.test')).toBeInTheDocument();
    expect(screen.getByText('new@moda.test')).toBeInTheDocument();
    expect(screen.getByText(teamText.you)).toBeInTheDocument();
    expect(screen.getByText(teamText.permissions.title)).toBeInTheDocument();
    for (const label of Object.values(ACCESS_AREA_LABELS))
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    const teamRow = screen
      .getAllByText(ACCESS_AREA_LABELS.team)
      .map((e) => e.closest('tr'))
      .find((tr) => tr !== null)!;
    // Only the owner manages the team: one «write» in the team row, the rest no access.
    expect(within(teamRow).getAllByText(teamText.permissions.write)).toHaveLength(1);
    expect(within(teamRow).getAllByText(teamText.permissions.none)).toHaveLength(5);
  });

  it('changes a role', async () => {
    const user = renderTeam();
    const select = await screen.findByRole('combobox', {
      name: `${teamText.columns.role} analyst@moda.test`,
    });
    await user.click(select);
    await user.click(await screen.findByTitle(TEAM_ROLE_LABELS.catalogue_prices));
    await waitFor(() =>
      expect(callsOf(call, 'v1.team.change-role')).toEqual([
        { partnerId: SELLER_PARTNER.partnerId, userId: ANALYST, role: 'catalogue_prices' },
      ]),
    );
    expect(await screen.findByText(teamText.roleChanged)).toBeInTheDocument();
  });

  it('invites by email and puts the server’s refusal on the email field', async () => {
    const user = renderTeam();
    await user.click(await screen.findByRole('button', { name: teamText.invite }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(teamText.inviteDialog.email), {
      target: { value: 'taken@moda.test' },
    });
    await user.click(within(dialog).getByRole('button', { name: teamText.inviteDialog.submit }));
    expect(await within(dialog).findByText(ERRORS['team.alreadyMember'].message)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(teamText.inviteDialog.email), {
      target: { value: 'colleague@moda.test' },
    });
    await user.click(within(dialog).getByRole('button', { name: teamText.inviteDialog.submit }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.team.invite').at(-1)).toEqual({
        partnerId: SELLER_PARTNER.partnerId,
        email: 'colleague@moda.test',
        role: 'analyst',
      }),
    );
  });

  it('removes a member only after the confirmation', async () => {
    const user = renderTeam();
    await screen.findByText('analyst@moda.test');
    const row = screen.getByText('analyst@moda.test').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: teamText.remove }));
    expect(callsOf(call, 'v1.team.remove')).toEqual([]);
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: teamText.removeOk }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.team.remove')).toEqual([
        { partnerId: SELLER_PARTNER.partnerId, userId: ANALYST },
      ]),
    );
  });

  it('tells a member who is not the owner that the owner manages the team', async () => {
    serve(call, {
      'v1.team.list': () => {
        throw rpcError('v1.team.list', ERRORS['team.roleForbids'].message, [], 50403);
      },
    });
    renderTeam();
    expect(await screen.findByText(teamText.ownerOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: teamText.invite })).toBeNull();
    expect(screen.getByText(teamText.permissions.title)).toBeInTheDocument();
  });
});
