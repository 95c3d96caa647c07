import { CAPTCHA_FRAME, CAPTCHA_REFRESH_CORNER, CLICK_COUNT } from '@/lib/shared/captcha/protocol';
import { renderClickWordImages } from '../captcha-image';

/**
 * The widget lays its refresh button over the picture's top-right corner. A character drawn
 * under it could not be clicked: the click would load a new challenge instead (seen in e2e as a
 * correct answer that lost its first point).
 */
describe('click-word pictures', () => {
  it('never put a character to click under the refresh button', async () => {
    const corner = {
      left: CAPTCHA_FRAME.width - CAPTCHA_REFRESH_CORNER.width,
      bottom: CAPTCHA_REFRESH_CORNER.height,
    };
    // Half the smallest glyph (34 px in the 400 px image), in frame px: a click near the centre.
    const margin = (34 / 2) * (CAPTCHA_FRAME.width / 400);
    for (let i = 0; i < 60; i++) {
      const { answer, wordList } = await renderClickWordImages();
      expect(answer).toHaveLength(CLICK_COUNT);
      expect(wordList).toHaveLength(CLICK_COUNT);
      for (const p of answer) {
        const underButton = p.x + margin > corner.left && p.y - margin < corner.bottom;
        expect({ point: p, underButton }).toEqual({ point: p, underButton: false });
      }
    }
    // Sixty pictures rendered: seconds on a busy machine.
  }, 30_000);
});
