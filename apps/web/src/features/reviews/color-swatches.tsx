import { CheckOutlined } from '@ant-design/icons';
import { REVIEW_STATUS_COLORS } from '@shortlist/contract';
import { Flex, Tooltip } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import './resources';

const swatchStyle: CSSProperties = {
  width: 32,
  height: 32,
  borderRadius: 6,
  border: '1px solid #d9d9d9',
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
};

interface ColorSwatchesProps {
  value?: string;
  onChange?: (hex: string) => void;
  id?: string;
}

/** A choice among the seven review-status colours, as swatches (an antd form control). */
export function ColorSwatches({ value, onChange, id }: ColorSwatchesProps) {
  const { t } = useTranslation('reviews');
  return (
    <Flex id={id} role="group" gap={8} wrap>
      {REVIEW_STATUS_COLORS.map((color) => {
        const name = t(`colors.${color.name}`);
        const isChosen = value === color.hex;
        return (
          <Tooltip key={color.hex} title={name}>
            <button
              type="button"
              aria-pressed={isChosen}
              aria-label={name}
              style={{ ...swatchStyle, backgroundColor: color.hex }}
              onClick={() => onChange?.(color.hex)}
              data-testid={`swatch-${color.hex}`}
            >
              {isChosen && <CheckOutlined />}
            </button>
          </Tooltip>
        );
      })}
    </Flex>
  );
}

/** The translated name of a status colour, or the raw value for one outside the seven. */
export function useColorName() {
  const { t } = useTranslation('reviews');
  return (hex: string) => {
    const color = REVIEW_STATUS_COLORS.find((c) => c.hex === hex);
    return color ? t(`colors.${color.name}`) : hex;
  };
}
