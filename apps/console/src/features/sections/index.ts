/** The section screens' shared engine: one list mechanism, one form, one sub-item editor. */
export { SectionListPage } from './list/list-page';
export { EditLink, EditOrSetupButton, NewButton } from './list/header-buttons';
export { MoreSentinel } from './list/progressive-list';
export { GridItem, gridImageSources, ItemGrid } from './list/staggered-grid';
export { ActionsCell, ActionsHead, RecordCard, RecordGrid, RecordTable } from './list/record-views';
export { RecordActions, useRecordActions } from './list/record-actions';
export { useDeleteWithToasts, type ConfirmedDeleteTexts } from './delete/delete-record';
export { SubItemSectionPage } from './sub-items/sub-item-section-page';
export type { SectionPageProps } from './descriptor/console-section';
export { RecordBadges } from './publishing/record-badges';
