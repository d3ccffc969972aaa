// A record's fields as the store keeps and answers them; its own module so that the store's parts
// (layout, record) and the record builders name it without importing the store.
export type Data = Record<string, unknown>;
