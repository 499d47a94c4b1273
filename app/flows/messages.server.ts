// Private messages (docs/product.md §10): Message seller on a post, and what a
// conversation's members do in it (send, block, unblock). Anyone but the two
// members is told NOT_FOUND, so a conversation's id is never confirmed. The
// routes answer over HTTP.
import { blockUser, unblockUser } from "~/models/blocks.server";
import { MessageError, otherMemberOf, sendMessage, startConversation } from "~/models/messages.server";
import { USER_BLOCKED, USER_UNBLOCKED } from "~/utils/messages";

type NotFound = { ok: false; code: "NOT_FOUND" };

/** The conversation about the post between its author and `userId` (the one they already have, or a new one), or why not. */
export async function openConversation(userId: string, postId: string): Promise<{ ok: true; id: string } | NotFound | { ok: false; code: "REFUSED"; message: string }> {
  try {
    return { ok: true, id: (await startConversation({ userId, postId })).id };
  } catch (error) {
    if (error instanceof MessageError && error.status === 404) return { ok: false, code: "NOT_FOUND" };
    if (error instanceof MessageError) return { ok: false, code: "REFUSED", message: error.message };
    throw error;
  }
}

/** The other member of the conversation, or null for anyone but its two members. */
export async function conversationPartner(chatId: string, userId: string): Promise<string | null> {
  try {
    return await otherMemberOf(chatId, userId);
  } catch (error) {
    if (error instanceof MessageError && error.status === 404) return null;
    throw error;
  }
}

/** Sends `text` (already checked by the message schema); blocked or over the limit is REFUSED with the reason. */
export async function sendInConversation(input: { chatId: string; senderId: string; text: string; origin: string }): Promise<{ ok: true } | NotFound | { ok: false; code: "REFUSED"; status: number; message: string }> {
  try {
    await sendMessage(input);
    return { ok: true };
  } catch (error) {
    if (error instanceof MessageError && error.status === 404) return { ok: false, code: "NOT_FOUND" };
    if (error instanceof MessageError) return { ok: false, code: "REFUSED", status: error.status, message: error.message };
    throw error;
  }
}

/** Block or unblock the other member: the alert's message. */
export async function blockInConversation(chatId: string, userId: string, block: boolean): Promise<{ ok: true; message: string } | NotFound> {
  const otherId = await conversationPartner(chatId, userId);
  if (!otherId) return { ok: false, code: "NOT_FOUND" };
  if (block) await blockUser(userId, otherId);
  else await unblockUser(userId, otherId);
  return { ok: true, message: block ? USER_BLOCKED : USER_UNBLOCKED };
}
