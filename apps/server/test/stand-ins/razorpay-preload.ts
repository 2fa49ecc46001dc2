import { RazorpayStandIn } from './razorpay-stand-in';

/**
 * Answers Razorpay's API inside a compiled server whose India rail is Razorpay: the browser tests
 * bundle this file and start that server with `node --import <bundle>` (docs/decisions/130), as the
 * API tests intercept the client in their own process. Never part of the server build.
 */
new RazorpayStandIn();
