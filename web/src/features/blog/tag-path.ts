// The address of a tag's page (/blog/tags/{tag}), for plain links.
export const tagPath = (tag: string) => `/blog/tags/${encodeURIComponent(tag)}`;
