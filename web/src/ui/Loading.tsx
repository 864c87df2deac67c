// The 'Loading...' screen protected routes show while the session loads (SPEC section 2).
export function Loading() {
  return (
    <div className="pn-loading" role="status">
      Loading...
    </div>
  );
}
