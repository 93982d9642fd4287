import type * as React from 'react';
import type { UserSummary } from '@bursary/shared';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateUS } from '@/lib/format-date';
import { roleName } from './user-form';

interface UserListProps {
  users: UserSummary[];
  /** The signed-in administrator, marked '(you)'. */
  ownId: number | undefined;
  /** The row's or card's action control. */
  actions: (user: UserSummary) => React.ReactNode;
}

/** What each column shows of a user; the table and the cards read the same cells. */
const columns: { head: string; cell: (user: UserSummary) => React.ReactNode }[] = [
  { head: 'Name', cell: (user) => user.name },
  { head: 'Email', cell: (user) => user.email ?? <span className="text-muted-foreground">None</span> },
  {
    head: 'Role',
    cell: (user) => <Badge variant={user.role === 'admin' ? 'blue' : 'grey'}>{roleName(user.role)}</Badge>,
  },
  {
    head: 'Status',
    cell: (user) => (user.disabled ? <Badge variant="red">Disabled</Badge> : <Badge variant="green">Active</Badge>),
  },
  {
    head: 'Two-factor',
    cell: (user) => (user.two_factor ? <Badge variant="green">On</Badge> : <Badge variant="grey">Off</Badge>),
  },
  { head: 'Last sign-in', cell: (user) => (user.last_login_at ? formatDateUS(user.last_login_at) : 'Never') },
  { head: 'Created', cell: (user) => formatDateUS(user.created_at) },
];

function Username({ user, ownId }: { user: UserSummary; ownId: number | undefined }) {
  return (
    <>
      <span>{user.username}</span>
      {user.id === ownId && <span className="text-muted-foreground"> (you)</span>}
    </>
  );
}

/** The users as a table: one row each, the username first. */
export function UserTable({ users, ownId, actions }: UserListProps) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Username</TableHead>
          {columns.map((column) => (
            <TableHead key={column.head}>{column.head}</TableHead>
          ))}
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id}>
            <TableCell className="font-medium">
              <Username user={user} ownId={ownId} />
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column.head}>{column.cell(user)}</TableCell>
            ))}
            <TableCell>{actions(user)}</TableCell>
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
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
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
