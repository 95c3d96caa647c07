/** Where an add-contact task's detail page is (light: callers need not load the task card). */
export const addWeixinDetailHref = (t: { taskId: number; messageId: number }) =>
  `/ai/addWeixinTask?taskId=${t.taskId}&messageId=${t.messageId}`;
