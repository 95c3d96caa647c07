'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, contractKey } from '@/lib/client/request';
import {
  createAiTask,
  deleteAiTask,
  getAiTaskList,
  getReplyContent,
  getTaskMessageList,
  sendMessage,
  updateTaskName,
} from '@/lib/shared/ai/ai.endpoints';
import type { AiEntPage, AiTask } from '@/lib/shared/ai/ai.contract';
import type { AdvancedSearchCondition } from '@/lib/shared/search/advanced';
import { runSend, type SendDeps } from './send-flow';
import { streamReply } from './stream';
import {
  afterTaskDeleted,
  EMPTY_SELECTION,
  isSending,
  toThread,
  type AiPageSelection,
  type ThreadMessage,
} from './thread-state';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Reply text of a chip edit: no request text to confirm, so no get-reply-content call. */
export const EDIT_REPLY_CONTENT = '好的，已按您修改后的条件重新搜索。';

/** First pages the thread already holds, so a reload does not fetch them again. */
function pagesOf(messages: readonly ThreadMessage[]): Map<number, AiEntPage> {
  const pages = new Map<number, AiEntPage>();
  for (const m of messages) if (m.page) pages.set(m.messageId, m.page);
  return pages;
}

/**
 * The assistant page's state (spec 2.8, 4.5): the task list, the open task and its thread, and
 * the actions on them. Components only render it.
 */
export function useAiAssistant(initialTaskId: number | null) {
  const client = useQueryClient();
  const [selection, setSelection] = useState<AiPageSelection>(() => ({
    ...EMPTY_SELECTION,
    taskId: initialTaskId,
  }));
  const [loadingMessages, setLoadingMessages] = useState(initialTaskId !== null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // The task a late answer belongs to must still be open for it to land in the thread.
  const openTask = useRef<number | null>(null);

  const tasks = useQuery({
    queryKey: contractKey(getAiTaskList),
    queryFn: () => call(getAiTaskList, {}, { silent: true }),
  });
  const refreshTasks = useCallback(
    () => client.invalidateQueries({ queryKey: contractKey(getAiTaskList) }),
    [client],
  );

  const loadMessages = useCallback(async (taskId: number) => {
    const list = await call(getTaskMessageList, { query: { taskId } }, { silent: true });
    if (openTask.current !== taskId) return;
    setSelection((s) =>
      s.taskId === taskId ? { ...s, messages: toThread(list, pagesOf(s.messages)) } : s,
    );
  }, []);

  const selectTask = useCallback(
    async (taskId: number | null) => {
      openTask.current = taskId;
      setLoadError(null);
      setSelection(taskId === null ? EMPTY_SELECTION : { ...EMPTY_SELECTION, taskId });
      if (taskId === null) return;
      setLoadingMessages(true);
      try {
        await loadMessages(taskId);
      } catch (err) {
        if (openTask.current === taskId)
          setLoadError(err instanceof Error ? err.message : '消息加载失败');
      } finally {
        if (openTask.current === taskId) setLoadingMessages(false);
      }
    },
    [loadMessages],
  );

  // The task named in the address (?taskId=) opens with the page; another user's is a 404.
  useEffect(() => {
    if (initialTaskId === null) return;
    openTask.current = initialTaskId;
    loadMessages(initialTaskId)
      .catch((err: unknown) => {
        if (openTask.current !== initialTaskId) return;
        openTask.current = null;
        setSelection(EMPTY_SELECTION);
        setLoadError(err instanceof Error ? err.message : '消息加载失败');
      })
      .finally(() => {
        if (openTask.current === initialTaskId || openTask.current === null)
          setLoadingMessages(false);
      });
    // Once, with the page: later changes of the address come from this page itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function createTask(): Promise<AiTask> {
    const task = await call(createAiTask, { body: {} }, { silent: true });
    client.setQueryData<AiTask[]>(contractKey(getAiTaskList), (list) => [task, ...(list ?? [])]);
    void refreshTasks();
    await selectTask(task.taskId);
    return task;
  }

  async function renameTask(taskId: number, taskName: string): Promise<void> {
    await call(updateTaskName, { body: { taskId, taskName } }, { silent: true });
    await refreshTasks();
  }

  async function deleteTask(taskId: number): Promise<void> {
    await call(deleteAiTask, { query: { taskId } }, { silent: true });
    if (openTask.current === taskId) openTask.current = null;
    setSelection((s) => afterTaskDeleted(s, taskId));
    client.setQueryData<AiTask[]>(contractKey(getAiTaskList), (list) =>
      (list ?? []).filter((t) => t.taskId !== taskId),
    );
    void refreshTasks();
  }

  function depsFor(
    taskId: number,
    fetchReply: () => Promise<string>,
    body: (replyContent: string) => Parameters<typeof call<typeof sendMessage>>[1],
  ): SendDeps {
    return {
      wait,
      fetchReply,
      send: async (replyContent) => {
        const r = await call(sendMessage, body(replyContent), { silent: true });
        return { userMessage: r.userMessage, reply: r.reply, page: r.page };
      },
      stream: (reply, onText) => streamReply(reply, onText),
      refresh: async () => {
        await loadMessages(taskId);
        await refreshTasks();
      },
      update: (change) =>
        setSelection((s) => (s.taskId === taskId ? { ...s, messages: change(s.messages) } : s)),
    };
  }

  /** Sends a request; without an open task one is created first. */
  async function send(query: string): Promise<boolean> {
    if (isSending(selection.messages)) return false;
    const taskId = selection.taskId ?? (await createTask()).taskId;
    return runSend(
      query,
      depsFor(
        taskId,
        async () =>
          (await call(getReplyContent, { query: { query } }, { silent: true })).replyContent,
        (replyContent) => ({ body: { taskId, query, replyContent } }),
      ),
    );
  }

  /**
   * Re-runs a search reply with edited conditions (chips, or a follow-up that acts on them: its
   * label is then the user message) in the same thread.
   */
  async function rerun(
    messageId: number,
    condition: AdvancedSearchCondition,
    keyword: string | null,
    label?: string,
  ): Promise<boolean> {
    const taskId = selection.taskId;
    if (taskId === null || isSending(selection.messages)) return false;
    return runSend(
      null,
      depsFor(
        taskId,
        async () => EDIT_REPLY_CONTENT,
        (replyContent) => ({
          body: {
            taskId,
            condition,
            editOfMessageId: messageId,
            keyword,
            replyContent,
            ...(label ? { query: label } : {}),
          },
        }),
      ),
    );
  }

  return {
    tasks,
    selection,
    selectedTask: tasks.data?.find((t) => t.taskId === selection.taskId) ?? null,
    loadingMessages,
    loadError,
    sending: isSending(selection.messages),
    selectTask,
    createTask,
    renameTask,
    deleteTask,
    send,
    rerun,
    /** Reads the open thread again (a new add-contact task card). */
    reloadMessages: () =>
      selection.taskId !== null ? loadMessages(selection.taskId) : Promise.resolve(),
    selectMessage: (messageId: number | null) =>
      setSelection((s) => ({ ...s, selectedMessageId: messageId })),
  };
}

export type AiAssistantState = ReturnType<typeof useAiAssistant>;
