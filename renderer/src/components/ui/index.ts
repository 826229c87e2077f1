/** The app's small set of shared components (docs/ui.md shows each). */
export { Button, type ButtonKind, type ButtonProps } from './Button';
export { Badge, badgeTone, type BadgeTone } from './Badge';
export { Card } from './Card';
export { Toolbar } from './Toolbar';
export { EmptyState } from './EmptyState';
export { Notice, NoticeList, type NoticeTone } from './Notice';
export type { NoticeItem } from './collapse-notices';
export { Time, Bytes, Count } from './Value';
export { Menu } from './Menu';
