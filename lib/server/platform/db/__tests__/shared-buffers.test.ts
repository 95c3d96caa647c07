import { sharedBuffersFor } from '../embedded-server';

const GiB = 1024 ** 3;

describe('shared_buffers of the embedded server', () => {
  it('takes an eighth of the machine, in 32 MB steps', () => {
    expect(sharedBuffersFor(4 * GiB)).toBe('512MB');
    expect(sharedBuffersFor(3 * GiB)).toBe('384MB');
    expect(sharedBuffersFor(2.1 * GiB)).toBe('256MB');
  });

  it('never goes under 128 MB on a small machine nor over 1 GB on a big one', () => {
    expect(sharedBuffersFor(0.5 * GiB)).toBe('128MB');
    expect(sharedBuffersFor(8 * GiB)).toBe('1024MB');
    expect(sharedBuffersFor(64 * GiB)).toBe('1024MB');
  });
});
