// Blog administration (/blog/admin). Engineer H replaces this with the full screen (Chakra is available).
export function BlogAdminScreen({ editPostId }: { editPostId?: number | undefined }) {
  return (
    <div className="pn-container" data-edit-post={editPostId}>
      <h1 style={{ fontSize: '1.875rem', fontWeight: 700 }}>Blog Administration</h1>
    </div>
  );
}
