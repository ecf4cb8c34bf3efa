import { Color } from '@rc-component/color-picker/es/color';

/**
 * `isBright` of Ant Design's color-picker/components/ColorPresets.js (antd 6), which the button's style
 * tokens import: that module also imports the Collapse of the picker's presets, and so every page loaded
 * Collapse and its styles (~3 KiB compressed). lean-antd-plugin.ts points the button's import here.
 */
export const isBright = (
  value: { toRgb(): { r: number; g: number; b: number; a: number }; toRgbString(): string },
  bgColorToken: string,
): boolean => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new Color(value.toRgbString()).onBackground(bgColorToken).toHsv();
  // Adapted to dark mode
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
