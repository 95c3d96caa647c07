import 'server-only';
export { understandWithModel, toolArgumentsSchema, SYSTEM_PROMPT } from './understand-model';
export { streamReplyWithModel, type ReplyFacts } from './reply-model';
export { llmConfigured, llmSettings, LlmFailure, type LlmSettings } from './llm-client';
