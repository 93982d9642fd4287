import { Badge, type BadgeProps } from '@/components/ui/badge';

/** Create green, update blue, delete red, anything else grey. */
function actionBadgeVariant(action: string): NonNullable<BadgeProps['variant']> {
  switch (action.toLowerCase()) {
    case 'create':
      return 'green';
    case 'update':
      return 'blue';
    case 'delete':
      return 'red';
    default:
      return 'grey';
  }
}

export function ActionBadge({ action }: { action: string }) {
  return <Badge variant={actionBadgeVariant(action)}>{action}</Badge>;
}
