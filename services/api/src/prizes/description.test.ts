import { describe, expect, it } from 'vitest';
import { descriptionSchema, sanitizeDescription } from './description';

describe('prize descriptions are sanitised on the server', () => {
  it('keeps formatting and removes anything that runs', () => {
    expect(sanitizeDescription('<p>Flights and <strong>five nights</strong></p><ul><li>Two passes</li></ul>')).toBe('<p>Flights and <strong>five nights</strong></p><ul><li>Two passes</li></ul>');
    expect(sanitizeDescription('<p onclick="steal()">Hi<script>alert(1)</script></p><iframe src="https://x.test"></iframe><img src=x onerror=alert(1)>')).toBe('<p>Hi</p>');
    expect(sanitizeDescription('<a href="javascript:alert(1)">x</a> <a href="https://roarplus.test">site</a>')).toBe('<a rel="noopener noreferrer nofollow">x</a> <a href="https://roarplus.test" rel="noopener noreferrer nofollow">site</a>');
    expect(sanitizeDescription('<p style="color:red">plain</p>')).toBe('<p>plain</p>');
  });
  it('applies at the edge, where the staff API parses the body', () => {
    expect(descriptionSchema.parse('<h2>Win</h2><script>x</script>')).toBe('<h2>Win</h2>');
    expect(descriptionSchema.safeParse('x'.repeat(20_001)).success).toBe(false);
  });
});
