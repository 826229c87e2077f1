/** A count as every view writes it: digits grouped by thousands ("5,094"), whatever the locale. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');
