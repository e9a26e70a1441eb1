// The Ant Design theme: the brand colour #F93C00, light only, and the breakpoints of spec 001 §9.
import type { ThemeConfig } from 'antd';
import { BRAND_COLOR, BREAKPOINTS } from '../../lib/constants';

/**
 * Text in the brand colour on white reaches only 3.9:1, below WCAG AA for body text, so links and
 * other coloured text use a darker shade of it; fills (buttons, the active menu line) keep the brand colour,
 * and a primary button's label is black (5.7:1) instead of white (3.7:1).
 */
export const BRAND_TEXT_COLOR = '#B82C00';

export const theme: ThemeConfig = {
  cssVar: { key: 'moda' },
  token: {
    colorPrimary: BRAND_COLOR,
    colorLink: BRAND_TEXT_COLOR,
    colorLinkHover: BRAND_COLOR,
    colorLinkActive: '#8F2200',
    // Ant Design's tertiary text (0.45 black, 3.4:1 on white) fails WCAG AA; descriptions use 0.6 (5.7:1).
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', sans-serif",
    screenXS: BREAKPOINTS.xs,
    screenXSMin: BREAKPOINTS.xs,
    screenXSMax: BREAKPOINTS.sm - 1,
    screenSM: BREAKPOINTS.sm,
    screenSMMin: BREAKPOINTS.sm,
    screenSMMax: BREAKPOINTS.md - 1,
    screenMD: BREAKPOINTS.md,
    screenMDMin: BREAKPOINTS.md,
    screenMDMax: BREAKPOINTS.lg - 1,
    screenLG: BREAKPOINTS.lg,
    screenLGMin: BREAKPOINTS.lg,
    screenLGMax: BREAKPOINTS.xl - 1,
    screenXL: BREAKPOINTS.xl,
    screenXLMin: BREAKPOINTS.xl,
  },
  components: {
    Layout: { headerBg: '#ffffff', headerPadding: '0 16px', bodyBg: '#f5f5f5', footerBg: '#f5f5f5' },
    Button: { primaryColor: '#000000', dangerColor: '#ffffff' },
    Tabs: {
      itemSelectedColor: BRAND_TEXT_COLOR,
      itemActiveColor: BRAND_TEXT_COLOR,
      itemHoverColor: BRAND_COLOR,
    },
    Menu: { itemSelectedColor: BRAND_TEXT_COLOR, horizontalItemSelectedColor: BRAND_TEXT_COLOR },
  },
};
