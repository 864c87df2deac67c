// The favourite star's accessible name and tooltip (FavouriteButton.tsx, and the public pages' script
// that shows saved stars before the island wakes).
export const favouriteLabel = (favourite: boolean, title: string) =>
  favourite ? `Remove ${title} from favourites` : `Add ${title} to favourites`;

export const favouriteTitle = (favourite: boolean) =>
  favourite ? 'Remove from favourites' : 'Add to favourites';
