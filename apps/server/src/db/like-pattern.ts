/** Text matched literally by LIKE/ILIKE ... escape '\': %, _ and \ typed by a user are not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
