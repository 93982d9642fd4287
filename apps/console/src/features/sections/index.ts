/** The section screens' shared engine: one list mechanism, one form, one sub-item editor. */
export { asList } from './api';
export { refreshSection } from './mutations';
export { restoreRevision } from './undo-delete';
export { totalCountOf } from './paged-list';
export { itemsOf, snippet, fieldText, stripTags, fieldTextOr } from './display';
export { SafeHtml } from './safe-html';
export { SectionListPage } from './list-page';
export { EmptyState, ErrorPanel } from './list-states';
export { EditLink, EditOrSetupButton, NewButton } from './header-buttons';
export { GridItem, ItemGrid } from './staggered-grid';
export { ActionsCell, ActionsHead, RecordCard, RecordGrid, RecordTable } from './record-views';
export { RecordActions, useRecordActions } from './record-actions';
export { useDeleteWithToasts } from './delete-record';
export { SubItemSectionPage } from './sub-item-section-page';
