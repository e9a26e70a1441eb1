// The photos page through the UI: files refused in the browser (not a JPG, wrong size, too large) with
// the reason per file and nothing sent; a good file uploaded with its result; the only photo cannot be
// deleted; reordering sends the new order.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { api } from '../../../lib/api/client';
import { callsOf, PARTNER_ID, renderRoutes, serve } from '../nomenclatures-test-utils';
import { readImageSize } from '../model/image-size';
import { ProductImagesScreen } from './product-images-screen';

vi.mock('../../../lib/api/client', () => ({ api: { call: vi.fn(), rest: vi.fn() } }));
vi.mock('../model/image-size', () => ({ readImageSize: vi.fn() }));
const readOnly = vi.hoisted(() => ({ value: false }));
vi.mock('../../../lib/session/use-read-only', () => ({
  useReadOnly: () => ({ readOnly: readOnly.value, needsSignature: false, status: null, error: null }),
}));
const call = vi.mocked(api.call) as unknown as Mock;
const rest = vi.mocked(api.rest) as unknown as Mock;
const sizeOf = vi.mocked(readImageSize);

const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];
const jpeg = (name: string, bytes = 1000) =>
  new File([new Uint8Array([...JPEG_HEAD, ...new Array<number>(bytes).fill(0)])], name, {
    type: 'image/jpeg',
  });

function image(id: string, position: number) {
  return {
    id,
    kind: position === 0 ? 'main' : 'additional',
    position,
    url: `/rest/api/v1/nomenclatures/images/${id}`,
    thumbnailUrl: `/rest/api/v1/nomenclatures/images/${id}?size=img320x461`,
    width: 762,
    height: 1100,
  };
}

const renderImages = (path = '/nomenclatures/images') =>
  renderRoutes(
    [{ path: '/nomenclatures/images', element: <ProductImagesScreen partnerId={PARTNER_ID} /> }],
    path,
  );

beforeEach(() => {
  readOnly.value = false;
  call.mockReset();
  rest.mockReset();
  sizeOf.mockReset();
  rest.mockImplementation(async (path: string) => {
    await Promise.resolve();
    if (path.includes('image-batch'))
      return new Response(
        JSON.stringify({
          items: [{ fileName: 'NW-1-42.jpg', ok: true, sellerParentSku: 'NW-1', imageId: 'x' }],
        }),
      );
    return new Response(new Blob(['x']));
  });
  URL.createObjectURL = vi.fn(() => 'blob:thumb');
  URL.revokeObjectURL = vi.fn();
});

describe('product photos', { timeout: 40_000 }, () => {
  it('refuses a non-JPG, a wrong size and a too large file in the browser, and uploads the good one', async () => {
    sizeOf.mockImplementation(async (file) => {
      await Promise.resolve();
      return (file as File).name.startsWith('small')
        ? { width: 800, height: 600 }
        : { width: 762, height: 1100 };
    });
    serve(call, {});
    const { user } = renderImages();
    const input = screen.getByLabelText('Файлы для загрузки', { selector: 'input' });
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'NW-1-42_2.jpg', { type: 'image/jpeg' });
    const big = jpeg('NW-1-42_3.jpg', 5 * 1024 * 1024 + 1);
    await user.upload(input, [jpeg('NW-1-42.jpg'), png, jpeg('small.jpg'), big]);

    const row = (name: string) => screen.getByText(name).closest('li')!;
    await waitFor(() =>
      expect(within(row('NW-1-42.jpg')).getByText('Готово к загрузке')).toBeInTheDocument(),
    );
    expect(within(row('NW-1-42_2.jpg')).getByText(/Фото должно быть в формате JPG/)).toBeInTheDocument();
    expect(
      within(row('small.jpg')).getByText(
        /Размер фото должен быть 762×1100 или 1524×2200 пикселей, а у этого 800×600/,
      ),
    ).toBeInTheDocument();
    expect(within(row('NW-1-42_3.jpg')).getByText(/Фото больше 5 МБ/)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'штрихкоду' }));
    await user.click(screen.getByRole('button', { name: 'Загрузить' }));
    await waitFor(() =>
      expect(within(row('NW-1-42.jpg')).getByText('Загружено: товар NW-1')).toBeInTheDocument(),
    );
    expect(screen.getByText('Загружено 1 из 1')).toBeInTheDocument();
    // Only the good file went out, with the fields before it.
    const uploads = rest.mock.calls.filter((c) => String(c[0]).includes('image-batch'));
    expect(uploads).toHaveLength(1);
    const body = (uploads[0]![1] as RequestInit).body as FormData;
    expect([...body.keys()]).toEqual(['partner_code', 'matchingType', 'images']);
    expect(body.get('matchingType')).toBe('barcode');
    expect(body.get('partner_code')).toBe(String(PARTNER_ID));
  });

  it('shows the photos in order, the first as main, and moves one with the arrows', async () => {
    const a = '00000000-0000-4000-8000-00000000000a';
    const b = '00000000-0000-4000-8000-00000000000b';
    serve(call, {
      'v1.nomenclatures.images.list': () => ({ items: [image(a, 0), image(b, 1)] }),
      'v1.nomenclatures.images.update': (p) => ({
        items: (p.order as string[]).map((id, i) => image(id, i)),
      }),
    });
    const { user } = renderImages('/nomenclatures/images?parent=NW-1');
    expect(await screen.findByText('Главное')).toBeInTheDocument();
    expect(await screen.findAllByRole('img', { name: /Фото \d товара NW-1/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Переместить фото 2 левее' }));
    await waitFor(() =>
      expect(callsOf(call, 'v1.nomenclatures.images.update')[0]).toEqual({
        partnerId: PARTNER_ID,
        sellerParentSku: 'NW-1',
        order: [b, a],
      }),
    );
    expect(rest).toHaveBeenCalledWith('/api/v1/nomenclatures/images/' + a + '?size=img320x461');
  });

  it('changes and uploads no photo in a read-only cabinet, and says why', async () => {
    readOnly.value = true;
    const a = '00000000-0000-4000-8000-00000000000d';
    const b = '00000000-0000-4000-8000-00000000000e';
    serve(call, { 'v1.nomenclatures.images.list': () => ({ items: [image(a, 0), image(b, 1)] }) });
    renderImages('/nomenclatures/images?parent=NW-3');
    expect(await screen.findByRole('button', { name: 'Переместить фото 2 левее' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Удалить фото 2' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Выбрать файлы/ })).toBeDisabled();
    expect(
      screen.getByText('Добавлять и менять товары можно будет после подписания условий сотрудничества'),
    ).toBeInTheDocument();
    // The photos are still shown.
    expect(await screen.findAllByRole('img', { name: /Фото \d товара NW-3/ })).toHaveLength(2);
  });

  it('does not let the only photo be deleted and says why', async () => {
    serve(call, {
      'v1.nomenclatures.images.list': () => ({ items: [image('00000000-0000-4000-8000-00000000000c', 0)] }),
    });
    renderImages('/nomenclatures/images?parent=NW-2');
    expect(await screen.findByRole('button', { name: 'Удалить фото 1' })).toBeDisabled();
    expect(screen.getByText('Единственное фото товара удалить нельзя')).toBeInTheDocument();
  });
});
