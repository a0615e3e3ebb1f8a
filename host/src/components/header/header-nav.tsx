import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ActiveNavItem } from './active-nav-item';
import type { NavItem } from './nav-items';
import { NavItemLink } from './nav-item-link';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  vertical: { flexDirection: 'column', alignItems: 'stretch' },
});

export interface HeaderNavProps {
  items: NavItem[];
  active: ActiveNavItem | null;
  layout: 'horizontal' | 'vertical';
  label: string;
  onNavigate?: () => void;
}

/** The list of header items, in the header bar (wide screens) or in the side menu (narrow). */
export function HeaderNav({ items, active, layout, label, onNavigate }: HeaderNavProps) {
  const styles = useStyles();
  return (
    <nav aria-label={label}>
      <ul className={mergeClasses(styles.list, layout === 'vertical' && styles.vertical)}>
        {items.map((item) => (
          <li key={item.key}>
            <NavItemLink item={item} active={item.key === active} layout={layout} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
