import { screen } from '@testing-library/react';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A form control by its visible label, whether or not the label carries the required ' *'. */
export const field = (label: string) => screen.getByLabelText(new RegExp(`^${escape(label)}( \\*)?$`));

/** The label element itself, to read its required mark. */
export const labelOf = (label: string) => screen.getByText(label, { selector: 'label' });
