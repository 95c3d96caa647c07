import 'server-only';
import { parseMapTileSettings, tileOrigins, type MapTileLayer } from '@/lib/shared/map/map-tiles';
import { policyOrigin } from '@/lib/shared/http/policy-origin';
import { config } from '../config';
import { partLogger } from '../observability/logger';
import { partnerPlatforms } from './partner-platforms';

/**
 * Origins outside the site a page may use, per CSP directive. Each comes from a configured
 * outside service and is admitted only while that service is switched on, so a deployment that
 * uses none keeps the policy at 'self' (ADR 0190).
 */
export type ExternalSources = {
  script: readonly string[];
  frame: readonly string[];
  connect: readonly string[];
  img: readonly string[];
};

export const NO_EXTERNAL_SOURCES: ExternalSources = { script: [], frame: [], connect: [], img: [] };

/**
 * Tencent's widget loads its script from one host, draws the puzzle in an iframe of that host,
 * and takes its pictures from a second host of Tencent's (published in its integration guide).
 */
const TENCENT_CAPTCHA_IMAGE_ORIGIN = 'https://turing.captcha.gtimg.com';

export { policyOrigin };

function captchaSources(): ExternalSources {
  if (config.captchaProvider !== 'tencent') return NO_EXTERNAL_SOURCES;
  const widget = policyOrigin(config.tencentCaptchaScriptUrl);
  if (!widget) return NO_EXTERNAL_SOURCES;
  const both = [widget, TENCENT_CAPTCHA_IMAGE_ORIGIN];
  return { script: [widget], frame: [widget], connect: both, img: both };
}

/** The settings last read and what they gave: the proxy asks on every request. */
let lastTiles: { key: string; layer: MapTileLayer | null; img: string[] } | null = null;

function readTileSettings(): { layer: MapTileLayer | null; img: string[] } {
  const settings = config.mapTileSettings;
  const key = JSON.stringify(settings);
  if (lastTiles?.key === key) return lastTiles;
  const { layer, problem } = parseMapTileSettings(settings);
  // Logged once per setting: the map then draws the boundaries alone.
  if (problem) partLogger('map').warn(`地图底图未启用：${problem}`);
  lastTiles = { key, layer, img: layer ? tileOrigins(layer) : [] };
  return lastTiles;
}

/** The map's base layer as configured (ADR 0202), or null: none set, or a setting that cannot be used. */
export function mapTileLayer(): MapTileLayer | null {
  return readTileSettings().layer;
}

/** Tile images are the only thing the layer loads: its hosts join img-src, nothing else. */
function mapTileSources(): ExternalSources {
  const { img } = readTileSettings();
  return img.length ? { ...NO_EXTERNAL_SOURCES, img } : NO_EXTERNAL_SOURCES;
}

/** Partner pages open in the workspace's frames: exactly their origins join frame-src (ADR 0206). */
function partnerSources(): ExternalSources {
  const frame = partnerPlatforms().map((p) => p.origin);
  return frame.length ? { ...NO_EXTERNAL_SOURCES, frame } : NO_EXTERNAL_SOURCES;
}

/** The origins the configured outside services need (read per call: tests change the env). */
export function externalSources(): ExternalSources {
  const parts = [captchaSources(), mapTileSources(), partnerSources()];
  const merged = (pick: (s: ExternalSources) => readonly string[]) => [
    ...new Set(parts.flatMap(pick)),
  ];
  return {
    script: merged((s) => s.script),
    frame: merged((s) => s.frame),
    connect: merged((s) => s.connect),
    img: merged((s) => s.img),
  };
}
