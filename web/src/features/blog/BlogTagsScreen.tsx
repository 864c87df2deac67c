// All tags (/blog/tags). Engineer G replaces this with the full screen.
export function BlogTagsScreen() {
  return (
    <div className="pn-container">
      <h1 style={{ fontSize: '1.875rem', fontWeight: 700 }}>All Tags</h1>
    </div>
  );
}
