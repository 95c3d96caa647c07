import { createCanvas } from '@napi-rs/canvas';
import type { BrowserContext } from '@playwright/test';

/**
 * The e2e server is configured with a base layer on a host that does not exist (e2e/support/env.ts):
 * every context answers its tiles with a drawn 256 px image naming the tile, so the layer, its
 * placement and the Content-Security-Policy that admits it are exercised in a real browser
 * without a network.
 */
export const E2E_TILE_HOST = /^https:\/\/t[12]\.tiles\.e2e\.test\/(\d+)\/(\d+)\/(\d+)\.png$/;

function drawTile(z: string, x: string, y: string): Buffer {
  const canvas = createCanvas(256, 256);
  const g = canvas.getContext('2d');
  g.fillStyle = '#f4f1ea';
  g.fillRect(0, 0, 256, 256);
  g.strokeStyle = '#d9d4c7';
  g.lineWidth = 2;
  g.strokeRect(1, 1, 254, 254);
  g.fillStyle = '#a8a29a';
  g.font = '14px sans-serif';
  g.fillText(`${z}/${x}/${y}`, 10, 22);
  return canvas.toBuffer('image/png');
}

export async function answerMapTiles(context: BrowserContext): Promise<void> {
  await context.route(E2E_TILE_HOST, (route) => {
    const [, z, x, y] = E2E_TILE_HOST.exec(route.request().url()) ?? [];
    return route.fulfill({ status: 200, contentType: 'image/png', body: drawTile(z, x, y) });
  });
}
