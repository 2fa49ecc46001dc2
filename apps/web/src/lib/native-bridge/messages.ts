/** Payload of each action the web view can ask of the native host (docs/native-bridge.md). */
export type BridgePayloads = {
  openPage: { url: string };
  openPageWithParams: { url: string; params: Record<string, string> };
  closeWebView: Record<string, never>;
  goHome: Record<string, never>;
  goToMine: Record<string, never>;
  goToLogin: Record<string, never>;
  callTelephone: { phone: string };
  goToRate: Record<string, never>;
  confirmTrackingEvent: { event: string; data: Record<string, string | number | boolean> };
  recordProductClick: { productId: string };
  startBankFlow: Record<string, never>;
  endBankFlow: Record<string, never>;
  closeDialog: Record<string, never>;
};

export type BridgeAction = keyof BridgePayloads;

export type BridgeMessage = { [A in BridgeAction]: { action: A; payload: BridgePayloads[A] } }[BridgeAction];

export const BRIDGE_ACTIONS: readonly BridgeAction[] = [
  'openPage',
  'openPageWithParams',
  'closeWebView',
  'goHome',
  'goToMine',
  'goToLogin',
  'callTelephone',
  'goToRate',
  'confirmTrackingEvent',
  'recordProductClick',
  'startBankFlow',
  'endBankFlow',
  'closeDialog',
];
