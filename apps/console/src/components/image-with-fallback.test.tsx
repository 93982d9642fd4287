import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImageWithFallback } from './image-with-fallback';

describe("a record's image in a list", () => {
  it('shows the image with its sources and alternative text, fitted as asked', () => {
    render(
      <ImageWithFallback
        sources={{ src: '/media/a.png?w=64', srcSet: '/media/a.png?w=64 1x, /media/a.png?w=128 2x' }}
        alt="Logo of North University"
        className="size-12"
        fit="contain"
        fallback="No Image"
      />,
    );
    const image = screen.getByRole('img', { name: 'Logo of North University' });
    expect(image).toHaveAttribute('src', '/media/a.png?w=64');
    expect(image).toHaveAttribute('srcset', '/media/a.png?w=64 1x, /media/a.png?w=128 2x');
    expect(image).toHaveClass('size-12', 'object-contain');
    expect(screen.queryByText('No Image')).not.toBeInTheDocument();
  });

  it('without an image, keeps its box and says so in it', () => {
    const { container } = render(
      <ImageWithFallback
        sources={undefined}
        alt="Photo of Ada"
        className="h-48 w-full"
        fit="cover"
        fallback="No photo"
      />,
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.firstElementChild).toHaveClass('h-48', 'w-full', 'bg-muted');
    expect(container.firstElementChild).toHaveTextContent('No photo');
  });
});
