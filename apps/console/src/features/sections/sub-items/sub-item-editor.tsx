import { useId, useState } from 'react';
import { ChevronDown, Pencil, Plus, Save, Trash2, X } from 'lucide-react';
import type { SectionDef, SectionRecord, SubItems } from '@bursary/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCan } from '@/lib/permissions';
import { cn } from '@/lib/utils';
import { itemsOf } from '@/lib/record-text';
import { useSubItemMutations, type EditedItem } from './sub-item-mutations';
import type { SubItemTexts } from '../descriptor/sub-item-texts';
import { SubItemAddBox } from './sub-item-add-box';
import { useEditedLanguage } from '../languages/use-edited-language';
import { LanguageSwitcher } from '../languages/language-switcher';
import { SubItemTranslation } from '../languages/sub-item-translation';
import { UNSAVED_CHANGES_QUESTION, useUnsavedChangesGuard } from '../form/unsaved-changes';

interface SubItemEditorProps {
  section: SectionDef & { subItems: SubItems };
  record: SectionRecord;
  texts: SubItemTexts;
}

/**
 * The sub-item block of Steps, Benefits, Missions and Stakeholders: view and edit
 * modes, an 'adding' sub-state, per-item delete and save-all. Mount it with a `key` that changes
 * when the section's data reloads, so it returns to view mode then.
 */
export function SubItemEditor({ section, record, texts }: SubItemEditorProps) {
  const sub = section.subItems;
  const items = itemsOf(record, sub.field).map((item): EditedItem => ({
    id: item.id,
    text: typeof item[sub.itemKey] === 'string' ? (item[sub.itemKey] as string) : '',
  }));
  const [open, setOpen] = useState(true);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [edits, setEdits] = useState<EditedItem[]>(items);
  const { saveAll, add, remove } = useSubItemMutations(section, sub, texts);
  // a viewer reads the list only: without the edit toggle, adding and deleting are out of reach too
  const canEdit = useCan('content:write');
  const headingId = useId();
  const listId = useId();
  // with two or more languages, the one the items' texts are edited in; the default language edits the list itself
  const language = useEditedLanguage();
  const { defaultLanguage, edited: editedLanguage } = language;
  // typing not saved yet, in the default language's list or in another language's texts, is asked about before a
  // language switch or leaving the page drops it
  const [translationEdited, setTranslationEdited] = useState(false);
  const edited =
    (editing && edits.some((item, index) => item.id !== items[index]?.id || item.text !== items[index].text)) ||
    (editedLanguage !== undefined && translationEdited);
  useUnsavedChangesGuard(edited);
  const chooseLanguage = (code: string) => {
    if (edited && !window.confirm(UNSAVED_CHANGES_QUESTION)) return;
    setTranslationEdited(false);
    language.choose(code);
    setEditing(false);
    setAdding(false);
    setOpen(true);
  };

  // what the editor is about to change must be in view: editing and adding open a collapsed block
  const toggleEditing = () => {
    if (editing) setAdding(false);
    else {
      setEdits(items);
      setOpen(true);
    }
    setEditing(!editing);
  };
  const startAdding = () => {
    setAdding(true);
    setOpen(true);
  };
  const deleteItem = (id: number) =>
    remove.mutate(id, { onSuccess: () => setEdits((current) => current.filter((item) => item.id !== id)) });

  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-md border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          <button
            type="button"
            className="inline-flex items-center gap-1"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen(!open)}
          >
            <ChevronDown className={cn('size-4 transition-transform', !open && '-rotate-90')} aria-hidden />
            {texts.blockTitle}
          </button>
        </h3>
        {canEdit && !editedLanguage && (
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="outline" onClick={toggleEditing}>
              {editing ? <X aria-hidden /> : <Pencil aria-hidden />}
              {editing ? 'Cancel' : texts.editLabel}
            </Button>
            {editing && (
              <>
                <Button type="button" size="sm" loading={saveAll.isPending} onClick={() => saveAll.mutate(edits)}>
                  {!saveAll.isPending && <Save aria-hidden />}
                  {texts.saveLabel}
                </Button>
                <Button type="button" size="sm" variant="secondary" onClick={startAdding} disabled={adding}>
                  <Plus aria-hidden />
                  {texts.addLabel}
                </Button>
              </>
            )}
          </div>
        )}
      </div>
      {canEdit && <LanguageSwitcher language={language} onChange={chooseLanguage} />}
      <div id={listId} hidden={!open} className="grid gap-3">
        {editedLanguage && defaultLanguage ? (
          <SubItemTranslation
            key={editedLanguage.code}
            section={section}
            texts={texts}
            locale={editedLanguage}
            defaultLocale={defaultLanguage}
            onEdited={setTranslationEdited}
          />
        ) : editing ? (
          <ol className="grid gap-2">
            {edits.map((item, index) => (
              <li key={item.id} className="flex items-center gap-2">
                <span className="w-6 text-right text-sm text-muted-foreground" aria-hidden>
                  {index + 1}.
                </span>
                <Input
                  aria-label={`${texts.itemName} ${index + 1}`}
                  value={item.text}
                  onChange={(event) =>
                    setEdits((current) =>
                      current.map((e) => (e.id === item.id ? { ...e, text: event.target.value } : e)),
                    )
                  }
                />
                <Button
                  type="button"
                  size="sm"
                  variant="destructive"
                  loading={remove.isPending && remove.variables === item.id}
                  aria-label={`Delete ${texts.itemName.toLowerCase()} ${index + 1}`}
                  onClick={() => deleteItem(item.id)}
                >
                  {!(remove.isPending && remove.variables === item.id) && <Trash2 aria-hidden />}Delete
                </Button>
              </li>
            ))}
          </ol>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{texts.emptyList}</p>
        ) : (
          <ol className="grid gap-2">
            {items.map((item, index) => (
              <li key={item.id} className="flex gap-3">
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
                  {index + 1}
                </span>
                <span className={cn(item.text.trim() === '' && 'italic text-muted-foreground')}>
                  {item.text.trim() === '' ? (texts.emptyItem ?? item.text) : item.text}
                </span>
              </li>
            ))}
          </ol>
        )}
        {editing && adding && (
          <SubItemAddBox
            texts={texts}
            pending={add.isPending}
            onCancel={() => setAdding(false)}
            onConfirm={(text, done) =>
              add.mutate(text, {
                onSuccess: () => {
                  setAdding(false);
                  done();
                },
              })
            }
          />
        )}
      </div>
    </section>
  );
}
