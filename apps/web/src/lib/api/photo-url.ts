// A product photo served under /rest needs the bearer token, so an <img src> cannot load it: the bytes come
// through the client's REST method and are shown as a blob URL, revoked when the photo changes or goes.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

export const photoKey = (url: string | null) => ['photo', url] as const;

/** A blob URL of the photo at `url` (as the answers give it, with or without the /rest prefix); none for null. */
export function usePhotoUrl(url: string | null): string | undefined {
  const blob = useQuery({
    queryKey: photoKey(url),
    queryFn: async () => (await api.rest(url!.replace(/^\/rest/, ''))).blob(),
    enabled: url !== null,
    staleTime: Infinity,
  });
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (!blob.data) return;
    const next = URL.createObjectURL(blob.data);
    setObjectUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob.data]);
  return objectUrl;
}
