/** The section screens' shared engine: one list mechanism, one form, one sub-item editor. */
export { SectionListPage } from './list/list-page';
export { EditLink, EditOrSetupButton, NewButton } from './list/header-buttons';
export { gridImageSources, listImageSources } from './list/grid-images';
export { ActionsCell, ActionsHead, RecordCard, RecordGrid, RecordTable, recordKey } from './list/record-views';
export { ListWindowContext } from './list/window/list-window-scope';
export { WindowedGrid } from './list/window/windowed-grid';
export { WindowedTable } from './list/window/windowed-table';
export { RecordActions, useRecordActions } from './list/record-actions';
export { useDeleteWithToasts, type ConfirmedDeleteTexts } from './delete/delete-record';
export { SubItemSectionPage } from './sub-items/sub-item-section-page';
export type { SectionPageProps } from './descriptor/console-section';
export { RecordBadges } from './publishing/record-badges';
