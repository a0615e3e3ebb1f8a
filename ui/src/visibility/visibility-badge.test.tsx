import { render, screen } from '@testing-library/react';
import { VisibilityBadge } from './visibility-badge';

describe('VisibilityBadge', () => {
  it.each([
    ['staff', 'Staff only'],
    ['members', 'Members only'],
    ['unlisted', 'Unlisted'],
  ] as const)('says %s as "%s"', (visibility, words) => {
    render(<VisibilityBadge visibility={visibility} />);
    expect(screen.getByText(words).closest('[data-visibility]')).toHaveAttribute('data-visibility', visibility);
  });

  it('shows nothing for a public item, or one read before visibilities existed', () => {
    const { container } = render(
      <>
        <VisibilityBadge visibility="public" />
        <VisibilityBadge visibility={undefined} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
