import type * as React from 'react';
import type { UserSummary } from '@bursary/shared';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, formatDay } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { roleName } from './user-form';

interface UserListProps {
  users: UserSummary[];
  /** The signed-in administrator, marked '(you)'. */
  ownId: number | undefined;
  /** The row's or card's action control. */
  actions: (user: UserSummary) => React.ReactNode;
}

interface Column {
  head: string;
  cell: (user: UserSummary) => React.ReactNode;
  /** The column's width in the table; a column without one shares what the others leave. */
  width?: string;
  /** Text that may be longer than its column: how the table cuts it short, and the whole of it for the title. */
  clip?: { className: string; text: (user: UserSummary) => string | null };
}

/** What each column shows of a user; the table and the cards read the same cells. */
/** A day in a narrow column; its whole moment, time included, on hover and for assistive technology. */
function Day({ moment }: { moment: string }) {
  return (
    <time dateTime={moment} title={formatDate(moment)}>
      {formatDay(moment)}
    </time>
  );
}

const columns: Column[] = [
  // a name breaks between words, so it takes a second line before it is cut short; 'Administrator' fits a line
  {
    head: 'Name',
    cell: (user) => user.name,
    width: 'w-29 2xl:w-40',
    clip: { className: 'line-clamp-2 break-words', text: (user) => user.name },
  },
  {
    head: 'Email',
    cell: (user) => user.email ?? <span className="text-muted-foreground">None</span>,
    clip: { className: 'truncate', text: (user) => user.email },
  },
  {
    head: 'Role',
    cell: (user) => <Badge variant={user.role === 'admin' ? 'blue' : 'grey'}>{roleName(user.role)}</Badge>,
    width: 'w-33',
  },
  {
    head: 'Status',
    cell: (user) => (user.disabled ? <Badge variant="red">Disabled</Badge> : <Badge variant="green">Active</Badge>),
    width: 'w-23',
  },
  {
    head: 'Two-factor',
    cell: (user) => (user.two_factor ? <Badge variant="green">On</Badge> : <Badge variant="grey">Off</Badge>),
    width: 'w-23',
  },
  // room for '28 Nov' above the year, so a day takes two lines at most; where the window has room, one
  {
    head: 'Last sign-in',
    cell: (user) => (user.last_login_at ? <Day moment={user.last_login_at} /> : 'Never'),
    width: 'w-20 2xl:w-28',
  },
  { head: 'Created', cell: (user) => <Day moment={user.created_at} />, width: 'w-20 2xl:w-28' },
];

/** The username, then '(you)' on the signed-in administrator's own entry. */
function Username({
  user,
  ownId,
  clipped = false,
}: {
  user: UserSummary;
  ownId: number | undefined;
  clipped?: boolean;
}) {
  return (
    <span className={clipped ? 'flex' : undefined}>
      <span className={clipped ? 'truncate' : undefined} title={clipped ? user.username : undefined}>
        {user.username}
      </span>
      {user.id === ownId && <span className="shrink-0 whitespace-pre text-muted-foreground"> (you)</span>}
    </span>
  );
}

/**
 * The users as a table: one row each, the username first. Its layout is fixed so that long names and emails are
 * cut short rather than pushing the Actions column out of a 1280 px window beside the sidebar; below its least
 * width it scrolls in its frame as the other tables do.
 */
export function UserTable({ users, ownId, actions }: UserListProps) {
  return (
    <Table className="min-w-[55rem] table-fixed">
      <colgroup>
        <col />
        {columns.map((column) => (
          <col key={column.head} className={column.width} />
        ))}
        <col className="w-30" />
      </colgroup>
      <TableHeader>
        <TableRow>
          <TableHead className="px-2">Username</TableHead>
          {columns.map((column) => (
            <TableHead key={column.head} className="px-2">
              {column.head}
            </TableHead>
          ))}
          <TableHead className="px-2">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id}>
            <TableCell className="px-2 font-medium">
              <Username user={user} ownId={ownId} clipped />
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column.head} className="px-2">
                {column.clip ? (
                  <span className={cn('block', column.clip.className)} title={column.clip.text(user) ?? undefined}>
                    {column.cell(user)}
                  </span>
                ) : (
                  column.cell(user)
                )}
              </TableCell>
            ))}
            <TableCell className="px-2">{actions(user)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The users as cards, for narrow screens where nine columns do not fit. */
export function UserCards({ users, ownId, actions }: UserListProps) {
  return (
    <ul className="grid gap-4">
      {users.map((user) => (
        <li key={user.id}>
          <Card>
            <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
              <CardTitle as="h2" className="text-lg break-all">
                <Username user={user} ownId={ownId} />
              </CardTitle>
              {actions(user)}
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
                {columns.map((column) => (
                  <div key={column.head} className="contents">
                    <dt className="text-muted-foreground">{column.head}</dt>
                    <dd className="break-words">{column.cell(user)}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
