// The site root page's inline script (page-scripts.ts): bundled on its own by the build
// (scripts/inline-script.mjs), its hash allowed by the page's Content-Security-Policy.
import { startLandingFrame } from '../../features/promotion/landing-frame';
import { loadPageScripts } from './page-scripts';

loadPageScripts(startLandingFrame);
