import type { PlatformCaller } from '../../core/module';
export async function fboSimulation(_p: PlatformCaller): Promise<{ step(): Promise<void> }> {
  return { step: async () => {} };
}
