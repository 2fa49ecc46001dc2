import { HashRoute, PromotionCode, PromotionPath } from '@lend/contracts';
import { addressQuery, parseHashRoute } from '../../lib/hash-route';
import { PAGE_FRAME_ID, PAGE_FRAME_MARKER } from '../../lib/page-frame';
import type { ScreenRequest } from '@lend/contracts';
import { startPrefetch, type PrefetchedAnswer } from '../../lib/prefetch';
import { isReply, promotionRequest, type PromotionReply } from './api/promotion-client';
import { readLandingParams } from './landing-params';

/**
 * The promotion landing painted by the site root's page before any module has loaded
 * (docs/decisions/101). Campaign links are `/#/downloadTemplate?…`: the server sends the site
 * root's page and never sees the hash, so the page's inline script (this module, bundled) starts
 * the landing's two calls into the prefetch store (lib/prefetch), and once they have answered fills
 * the landing's hero from its markup, which the build rendered from the screen's own components with
 * a placeholder for each of the template's values. The screen takes the answers over.
 */

export const LANDING_ROUTES: readonly string[] = [HashRoute.downloadTemplate, HashRoute.agreementTemplate];

/** The data block that carries the hero's markup in the site root's page. */
export const LANDING_HERO_ID = 'landing-hero';

/** The template's values the hero shows, by placeholder name (a path into the template). */
export const LANDING_HERO_FIELDS = [
  'bannerUrl',
  'title',
  'headline',
  'body',
  'colours.background',
  'colours.text',
  'colours.button',
  'colours.buttonText',
] as const;
export type LandingHeroField = (typeof LANDING_HERO_FIELDS)[number];

/**
 * The hero's markup with placeholders, one per combination of the `fields` that are empty where
 * that changes more than their own text (PromoHero leaves an empty body out): the key holds a 1 for
 * each of `fields` with a value, a 0 for each without, in order.
 */
export type LandingHeroMarkup = { fields: readonly LandingHeroField[]; variants: Readonly<Record<string, string>> };

export const heroPlaceholder = (field: LandingHeroField) => `{{${field}}}`;

function fieldValue(landing: unknown, field: string): string {
  const value = field.split('.').reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? Reflect.get(at, key) : undefined), landing);
  return typeof value === 'string' ? value : '';
}

const ESCAPED: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPED[character] ?? character);

/** The hero's markup for a template's values (escaped as React escapes them), if the markup has its variant. */
export function landingHeroHtml(markup: LandingHeroMarkup, landing: unknown): string | undefined {
  const key = markup.fields.map((field) => (fieldValue(landing, field) ? '1' : '0')).join('');
  return markup.variants[key]?.replace(/\{\{([\w.]+)\}\}/g, (_, field: string) => escapeHtml(fieldValue(landing, field)));
}

/** The landing's first calls, the template and a visitor sid, as the promotion client sends them. */
export function landingRequests(templateId: string, address?: URLSearchParams): readonly [ScreenRequest, ScreenRequest] {
  return [promotionRequest(PromotionPath.template, { templateId }, address), promotionRequest(PromotionPath.getSid, { templateId }, address)];
}

/** A promotion reply in an answer the page received; undefined when there is none or it is not one. */
export function pageReply(answer: PrefetchedAnswer | undefined): PromotionReply<unknown> | undefined {
  if (!answer) return undefined;
  try {
    const reply: unknown = JSON.parse(answer.text);
    return isReply(reply) ? reply : undefined;
  } catch {
    return undefined;
  }
}

const accepted = (reply: PromotionReply<unknown> | undefined) => reply?.code === PromotionCode.Ok && typeof reply.data === 'object' && reply.data !== null;

function heroMarkup(): LandingHeroMarkup | undefined {
  try {
    return JSON.parse(document.getElementById(LANDING_HERO_ID)?.textContent ?? '') as LandingHeroMarkup;
  } catch {
    return undefined;
  }
}

/**
 * On a landing address with a template id: starts the template and sid calls, and once both have
 * answered and the page is parsed (`parsed`), paints the hero into the frame in place of its loading
 * line. Resolves when there is nothing more for the frame to paint: with the banner's address once
 * it has loaded, else (it failed, or an answer the landing screen will explain) with nothing;
 * undefined on any other address.
 */
export function startLandingFrame(parsed: Promise<void>): Promise<string | undefined> | undefined {
  if (!LANDING_ROUTES.includes(parseHashRoute(location.hash).pathname)) return undefined;
  const address = addressQuery(location);
  const { templateId } = readLandingParams(address);
  if (!templateId) return undefined;
  const answers = landingRequests(templateId, address).map(startPrefetch);
  document.documentElement.setAttribute(PAGE_FRAME_MARKER, '');
  return Promise.all([Promise.all(answers), parsed]).then(
    ([[template, visitor]]) =>
      new Promise<string | undefined>((done) => {
        const landing = pageReply(template);
        const frame = document.getElementById(PAGE_FRAME_ID);
        const markup = heroMarkup();
        const html = accepted(landing) && accepted(pageReply(visitor)) && markup ? landingHeroHtml(markup, landing?.data) : undefined;
        if (!frame || !html) return done(undefined);
        frame.innerHTML = html;
        const banner = frame.querySelector('img');
        if (!banner) return done(undefined);
        banner.addEventListener('load', () => done(banner.src), { once: true });
        banner.addEventListener('error', () => done(undefined), { once: true });
      }),
    () => undefined,
  );
}
