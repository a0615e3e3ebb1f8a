import { siteColumn, touchTarget, touchTargetButtons, touchTargetQuery } from './site-column';

describe('the site column', () => {
  it('is 1280 px wide with 32 px gutters, 1600 px from 1920 px, 16 px gutters on a phone', () => {
    expect(siteColumn.paddingInline).toBe(
      'max(var(--spacingHorizontalXXL), calc((100% - 1280px) / 2 + var(--spacingHorizontalXXL)))',
    );
    const byQuery = siteColumn as unknown as Record<string, { paddingInline: string }>;
    expect(byQuery['@media (min-width: 1920px)']!.paddingInline).toContain('(100% - 1600px)');
    expect(byQuery['@media (max-width: 599px)']!.paddingInline).toBe('var(--spacingHorizontalL)');
  });

  it('makes touch targets 44 px below 960 px or with a coarse pointer', () => {
    expect(touchTargetQuery).toBe('@media (max-width: 959px), (pointer: coarse)');
    expect(touchTarget[touchTargetQuery]).toMatchObject({ minHeight: '44px', minWidth: '44px' });
    expect(touchTargetButtons[touchTargetQuery]).toEqual({
      '& .fui-Button, & .fui-ToggleButton, & .fui-MenuButton, & .fui-CompoundButton': { minHeight: '44px' },
      // A link that is not a word of running text.
      '& .fui-Link:not(p *):not(h1 *):not(h2 *):not(h3 *):not(h4 *):not(h5 *):not(h6 *):not(dd *):not(td *):not(label *)':
        { display: 'inline-flex', alignItems: 'center', minHeight: '44px', minWidth: '44px' },
    });
  });
});
