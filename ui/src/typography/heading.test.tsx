import { render, screen } from '@testing-library/react';
import { Subtitle1, Subtitle2, Title1 } from '@fluentui/react-components';
import { Heading, headingScale } from './heading';

describe('Heading', () => {
  it('draws each level with the one scale: Title1, Subtitle1, Subtitle2', () => {
    expect(headingScale).toEqual({ 1: Title1, 2: Subtitle1, 3: Subtitle2 });
  });

  it('is the heading element of its level, named by its text, with the id given', () => {
    render(
      <>
        <Heading level={2} id="section">
          Your communities
        </Heading>
        <Heading level={3}>Upcoming</Heading>
      </>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Your communities' })).toHaveAttribute('id', 'section');
    expect(screen.getByRole('heading', { level: 3, name: 'Upcoming' }).tagName).toBe('H3');
  });
});
