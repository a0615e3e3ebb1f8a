import { Link } from 'react-router';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { NavItem } from './nav-items';

const useStyles = makeStyles({
  link: {
    display: 'flex',
    alignItems: 'center',
    minHeight: '40px',
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    whiteSpace: 'nowrap',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground2Hover },
    ':focus-visible': {
      outlineWidth: tokens.strokeWidthThick,
      outlineStyle: 'solid',
      outlineColor: tokens.colorStrokeFocus2,
    },
  },
  vertical: { paddingBlock: tokens.spacingVerticalS },
  active: {
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorBrandBackground2,
    boxShadow: `inset 0 -3px 0 ${tokens.colorCompoundBrandStroke}`,
    ':hover': { color: tokens.colorBrandForeground2Hover, backgroundColor: tokens.colorBrandBackground2Hover },
  },
  activeVertical: { boxShadow: `inset 3px 0 0 ${tokens.colorCompoundBrandStroke}` },
});

export interface NavItemLinkProps {
  item: NavItem;
  active: boolean;
  layout: 'horizontal' | 'vertical';
  onNavigate?: () => void;
}

/**
 * One header item. `aria-current="page"` is set only on the item the highlight rules choose, not by
 * URL matching, so exactly one item (or none) is current.
 */
export function NavItemLink({ item, active, layout, onNavigate }: NavItemLinkProps) {
  const styles = useStyles();
  const vertical = layout === 'vertical';
  return (
    <Link
      to={item.to}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={mergeClasses(
        styles.link,
        vertical && styles.vertical,
        active && styles.active,
        active && vertical && styles.activeVertical,
      )}
    >
      {item.label}
    </Link>
  );
}
