import { defineSection } from '../section.ts';
import { richText, text } from '../fields.ts';

export const messages = defineSection({
  slug: 'messages',
  label: 'Messages',
  singular: 'Message',
  kind: 'collection',
  fields: {
    sender: text('Sender', { required: 'always', shared: true }),
    recipient: text('Recipient', { required: 'always', shared: true }),
    message: richText('Message'),
  },
  titleField: 'sender',
  search: ['sender', 'recipient', 'message'],
});
