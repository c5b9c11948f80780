import { THEME_COLOR_HEX, userEndpoints } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Avatar } from 'antd';
import { useEffect, useState } from 'react';
import { callBlob } from '../api/http.ts';
import { ensureContrast } from '../app/contrast.ts';

// A user's photo needs the bearer token, which an <img> cannot send: the bytes come through the API client as a
// blob (cached per user) and are shown through an object URL; without a photo, the initials.
export type UserAvatarProps = { id: number; name: string; hasImage?: boolean; size?: number };

export const userPhotoKey = (id: number) => ['user-photo', id] as const;

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  // Korean names are written without spaces: the family name (first syllable) is the usual initial.
  if (words.length === 1) return [...words[0]][0].toUpperCase();
  return (([...words[0]][0] ?? '') + ([...words[words.length - 1]][0] ?? '')).toUpperCase();
}

// The theme colours, darkened where white initials would not read at 4.5:1 (orange, cyan, green, teal, red).
const PALETTE = Object.values(THEME_COLOR_HEX).map((c) => ensureContrast(c, ['#ffffff']));
function colorOf(seed: string): string {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}

export function UserAvatar({ id, name, hasImage = false, size = 32 }: UserAvatarProps) {
  const { data: blob } = useQuery({
    queryKey: userPhotoKey(id),
    queryFn: ({ signal }) => callBlob(userEndpoints.photo, { params: { id }, signal }),
    enabled: hasImage,
    staleTime: 10 * 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!hasImage || !blob) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob, hasImage]);
  return (
    <Avatar
      size={size}
      src={url ?? undefined}
      alt={name}
      style={url ? undefined : { backgroundColor: colorOf(name || String(id)), flex: 'none' }}
      data-testid={`user-avatar-${id}`}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
