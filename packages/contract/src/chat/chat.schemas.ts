import { z } from 'zod';
import { dataOf } from '../common/common.schemas.ts';
import { rules } from '../rules/index.ts';

/** Longest question the assistant takes (a paragraph or two; the chatflow's model has its own limit). */
export const CHAT_QUESTION_MAX = 4000;

/** Whether a Flowise chatflow is configured (CHATFLOW_ID and CHAT_API_HOST), and which. */
export const chatStatusSchema = z.object({
  configured: z.boolean(),
  chatflowId: z.string().nullable(),
});
export type ChatStatus = z.infer<typeof chatStatusSchema>;
export const chatStatusResponse = dataOf(chatStatusSchema);

/**
 * POST /ai-chat/prediction: one question of a conversation. `conversationId` is the browser's id of the conversation
 * (kept for the session); the server makes the chatflow's sessionId of it and the user, so one user's memory is never
 * another's.
 */
export const chatPredictionBody = z.object({
  question: rules.text(CHAT_QUESTION_MAX),
  // 8–64 letters, digits or dashes (a UUID).
  conversationId: rules.regex(/^[A-Za-z0-9-]{8,64}$/),
});
export type ChatPrediction = z.infer<typeof chatPredictionBody>;

/**
 * The events of the answer's stream (text/event-stream, one `data: <json>` line each): the chatflow's tokens as they
 * come, then `end`; or `error` with a message. A chatflow that does not stream answers one token with the whole text.
 */
export type ChatStreamEvent = { event: 'token'; data: string } | { event: 'end' } | { event: 'error'; data: string };
