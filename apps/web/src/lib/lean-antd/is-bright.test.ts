import { AggregationColor } from 'antd/es/color-picker/color';
import { isBright as antdIsBright } from 'antd/es/color-picker/components/ColorPresets';
import { describe, expect, it } from 'vitest';
import { isBright } from './is-bright';

// The stand-in must answer as Ant Design's own for the colours a theme gives a solid button, on white and dark.
const COLORS = [
  '#000',
  '#fff',
  '#1668dc',
  '#ffe58f',
  'rgba(0, 0, 0, 0.88)',
  'rgba(255, 255, 255, 0.3)',
  '#7f7f7f',
  '#c0c0c0',
];

describe('isBright', () => {
  it("answers as Ant Design's color presets", () => {
    for (const color of COLORS) {
      for (const background of ['#fff', '#141414']) {
        const value = new AggregationColor(color);
        expect(isBright(value, background), `${color} on ${background}`).toBe(
          antdIsBright(value, background),
        );
      }
    }
    expect(isBright(new AggregationColor('#000'), '#fff')).toBe(false);
    expect(isBright(new AggregationColor('#fff'), '#fff')).toBe(true);
  });
});
