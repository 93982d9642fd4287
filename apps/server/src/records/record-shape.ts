import { MEDIA_ALT_MAX_LENGTH, type SectionDef, type SubItems } from '@bursary/shared';
import { type Json, Shape } from '../lib/api-doc.ts';
import { timestampKeys } from '../db/naming.ts';
import { altFieldsOf } from '../media/alt-text.ts';

/** The shape of a section's record as the API answers it (status, languages, image sizes), for the API document. */

const nullable = (type: string) => ({ type: [type, 'null'] });
/*
 * The parts every section's record repeats are named shapes, written once under the document's components and
 * referred to from each record, so the document grows by a reference, not a copy, with each field and section.
 */

/** A translated value: text in the language read, or with locale=* an object of each language's text by code. */
const translatedText = new Shape('TranslatedText', {
  type: ['string', 'null', 'object'],
  additionalProperties: nullable('string'),
  description: 'With locale=*: an object of its value in each language, by code (null where there is none)',
});
/** What a read in a language adds to each record and each sub-item. */
export const localeProperties = {
  locale: { type: 'string', description: 'With locale=CODE: the language asked' },
  fallback_fields: {
    type: 'array',
    items: { type: 'string' },
    description: 'With locale=CODE: the translated fields shown in another language (a fallback); [] when none',
  },
};
/** What `status=all` and `locale=*` reads add to each record and sub-item when the website has two or more languages. */
const translationStatus = {
  translations: new Shape('TranslationStatus', {
    type: 'object',
    description:
      'With status=all or locale=*, for every language but the default: the translated fields missing in it, and those whose default-language text changed after they were translated (outdated until saved again in that language, or marked current with POST …/translations/{code}/current). On a record, a sub-item list is named when one of its texts is',
    additionalProperties: {
      type: 'object',
      required: ['missing', 'outdated'],
      additionalProperties: false,
      properties: {
        missing: { type: 'array', items: { type: 'string' } },
        outdated: { type: 'array', items: { type: 'string' } },
      },
    },
  }),
};
export const subItemsSchema = (sub: SubItems) => ({
  type: 'array',
  items: {
    type: 'object',
    required: ['id', sub.itemKey],
    additionalProperties: false,
    properties: {
      id: { type: 'integer' },
      [sub.itemKey]: translatedText,
      ...localeProperties,
      ...translationStatus,
    },
  },
});

/** What `status=all` adds to every record; no other read carries them. */
const statusProperties = {
  status: { type: 'string', enum: ['published', 'draft'], description: 'With status=all: published, or a draft' },
  has_changes: { type: 'boolean', description: 'With status=all: changes are waiting to be published' },
  publish_at: { type: ['string', 'null'], description: 'With status=all: when a scheduled publish is due' },
  unpublish_at: { type: ['string', 'null'], description: 'With status=all: when a scheduled unpublish is due' },
  waiting_locales: new Shape('WaitingLocales', {
    type: 'array',
    items: { type: 'string' },
    description:
      'With status=all or locale=*, when the website has two or more languages: the languages other than the default whose changes wait to be published ([] when none)',
  }),
};

/**
 * Beside each image field `F`, in every record answer: `F_alt`, the alternative text of the image it holds, and
 * what a website needs to size and crop it: `F_width`, `F_height`, `F_focal_x`, `F_focal_y`.
 */
export function altTextProperties(section: SectionDef): Json {
  const properties: Json = {};
  for (const [altField, field] of altFieldsOf(section)) {
    properties[altField] = imageParts.alt;
    properties[`${field}_width`] = imageParts.width;
    properties[`${field}_height`] = imageParts.height;
    properties[`${field}_focal_x`] = imageParts.focalX;
    properties[`${field}_focal_y`] = imageParts.focalY;
  }
  return properties;
}

const imageSize = (name: string, side: 'width' | 'height') =>
  new Shape(name, {
    type: ['integer', 'null'],
    minimum: 1,
    description: `F_${side}: the ${side} in pixels of the stored original in the image field F (one frame of an animation; null when it is empty, an SVG, or not measured yet); answered only`,
  });
const focalPoint = (name: string, axis: 'x' | 'y', from: string) =>
  new Shape(name, {
    type: ['number', 'null'],
    minimum: 0,
    maximum: 1,
    description: `F_focal_${axis}: the focal point's distance from the ${from} of the image in the field F, 0 to 1 (null when it is empty); crops keep it in view; set it with PATCH /api/media/{name}; answered only`,
  });

/** The parts beside an image field `F`, named by their suffix: `F_alt`, `F_width`, `F_height`, `F_focal_x`, `F_focal_y`. */
const imageParts = {
  alt: new Shape('ImageAlt', {
    type: ['string', 'null', 'object'],
    maxLength: MEDIA_ALT_MAX_LENGTH,
    additionalProperties: nullable('string'),
    description:
      "F_alt: the alternative text of the image in the field F ('' when it is empty or the image has none); set it with PATCH /api/media/{name} (?locale=CODE for a language) or by sending F_alt with the record. With locale=CODE, in that language with the fallback of translated fields (null with fallback=none when the language has none); with locale=*, an object of each language's text by code",
  }),
  width: imageSize('ImageWidth', 'width'),
  height: imageSize('ImageHeight', 'height'),
  focalX: focalPoint('ImageFocalX', 'x', 'left'),
  focalY: focalPoint('ImageFocalY', 'y', 'top'),
};

/** A record as the API answers it: every field, sub-items, timestamps (and with status=all its status). */
export function recordShape(section: SectionDef): Shape {
  const properties: Json = { id: { type: 'integer', minimum: 1 } };
  for (const [name, def] of Object.entries(section.fields))
    properties[name] = def.translated ? translatedText : nullable(def.kind === 'number' ? 'number' : 'string');
  Object.assign(properties, altTextProperties(section));
  if (section.subItems) properties[section.subItems.field] = subItemsSchema(section.subItems);
  const keys = timestampKeys(section);
  properties[keys.created] = { type: 'string' };
  properties[keys.updated] = { type: 'string' };
  return new Shape(`Record.${section.slug}`, {
    type: 'object',
    required: Object.keys(properties),
    additionalProperties: false,
    properties: { ...properties, ...statusProperties, ...localeProperties, ...translationStatus },
  });
}
