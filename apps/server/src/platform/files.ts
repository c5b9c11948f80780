import type { MultipartFile } from '@fastify/multipart';
import { AppError, invalidField } from './errors.ts';

// Uploads are judged by their bytes, never by the name or the browser's claimed type (ARCHITECTURE §6).
export type FileKind = { mime: string; ext: string; image: boolean };

const SIGNATURES: { mime: string; ext: string; image?: boolean; test: (b: Buffer) => boolean }[] = [
  {
    mime: 'image/png',
    ext: 'png',
    image: true,
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/jpeg', ext: 'jpg', image: true, test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    mime: 'image/gif',
    ext: 'gif',
    image: true,
    test: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a',
  },
  {
    mime: 'image/webp',
    ext: 'webp',
    image: true,
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { mime: 'application/pdf', ext: 'pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  // Office Open XML (xlsx, docx, pptx) and other zip containers.
  {
    mime: 'application/zip',
    ext: 'zip',
    test: (b) => b[0] === 0x50 && b[1] === 0x4b && (b[2] === 0x03 || b[2] === 0x05),
  },
  // Legacy Office and HWP (OLE compound file).
  {
    mime: 'application/x-ole-storage',
    ext: 'ole',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])),
  },
];

const OFFICE_BY_EXT: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  doc: 'application/msword',
  ppt: 'application/vnd.ms-powerpoint',
  hwp: 'application/x-hwp',
};

export function detectFileType(buf: Buffer, name = ''): FileKind | null {
  const sig = SIGNATURES.find((s) => s.test(buf));
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (sig) {
    // A container's real type comes from its bytes; the name only refines which Office document it is.
    if (
      (sig.ext === 'zip' && ['xlsx', 'docx', 'pptx'].includes(ext)) ||
      (sig.ext === 'ole' && ['xls', 'doc', 'ppt', 'hwp'].includes(ext))
    ) {
      return { mime: OFFICE_BY_EXT[ext], ext, image: false };
    }
    return { mime: sig.mime, ext: sig.ext, image: !!sig.image };
  }
  if (isPlainText(buf))
    return { mime: ext === 'csv' ? 'text/csv' : 'text/plain', ext: ext === 'csv' ? 'csv' : 'txt', image: false };
  return null;
}

function isPlainText(buf: Buffer) {
  if (buf.length === 0) return false;
  const sample = buf.subarray(0, 4096);
  if (sample.includes(0)) return false;
  return Buffer.from(sample.toString('utf8'), 'utf8').length >= sample.length - 4;
}

export type UploadedFile = { name: string; mime: string; size: number; data: Buffer };

/**
 * Reads one multipart file into memory with a size cap and checks its content.
 * `imagesOnly` is the profile photo rule (SPEC §5: only images, ≤ 100 KB).
 */
export async function readUpload(
  part: MultipartFile,
  opts: { maxBytes: number; imagesOnly?: boolean; field?: string },
): Promise<UploadedFile> {
  const field = opts.field ?? part.fieldname;
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(field, opts.maxBytes);
    throw e;
  }
  if (part.file.truncated || data.length > opts.maxBytes) throw fileTooLarge(field, opts.maxBytes);
  if (data.length === 0) throw invalidField(field, 'required');
  const kind = detectFileType(data, part.filename);
  if (!kind || (opts.imagesOnly && !kind.image)) {
    throw opts.imagesOnly
      ? invalidField(field, 'onlyImages')
      : new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'This file type is not allowed.', { field });
  }
  const name = safeFileName(part.filename || `file.${kind.ext}`);
  return { name, mime: kind.mime, size: data.length, data };
}

/** 400 on `field`: the file is larger than maxBytes (said in KB or MB). */
export const fileTooLarge = (field: string, maxBytes: number) =>
  maxBytes < 1024 * 1024
    ? invalidField(field, `fileSize ${JSON.stringify({ size: Math.round(maxBytes / 1024), unit: 'KB' })}`)
    : invalidField(field, `fileSize ${JSON.stringify({ size: Math.round(maxBytes / 1024 / 1024), unit: 'MB' })}`);

/** A display name only (files are rows, never paths): strip directories and control characters. */
export function safeFileName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const printable = [...base].filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && ch !== '"');
  return printable.join('').slice(0, 200) || 'file';
}

/** RFC 6266 header so Korean file names survive the download. */
export function contentDisposition(name: string, inline = false) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
