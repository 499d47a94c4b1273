import { data } from "@remix-run/node";

// Where the region gate sends visitors it cannot let in (docs/product.md §18).
export function loader() {
  return data(null, { status: 403 });
}
