import { useState } from 'react';
import { organizerToken, setOrganizerToken } from '../session';

/** The organizer token kept in this browser until sign-out. */
export function useOrganizer(): { token: string | null; signIn: (token: string) => void; signOut: () => void } {
  const [token, setToken] = useState(organizerToken);
  return {
    token,
    signIn: (t) => {
      setOrganizerToken(t);
      setToken(t);
    },
    signOut: () => {
      setOrganizerToken(null);
      setToken(null);
    },
  };
}
