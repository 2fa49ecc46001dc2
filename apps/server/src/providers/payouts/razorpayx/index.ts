export { RazorpayXPayouts, razorpayXNarration } from './razorpayx-payouts';
export { readRazorpayXConfig, RAZORPAYX_API_BASE_URL, RAZORPAYX_PAYOUT_MODES, type RazorpayXConfig } from './razorpayx-config';
export { razorpayXSignature, RAZORPAYX_PAYOUT_EVENTS } from './razorpayx-notifications';
