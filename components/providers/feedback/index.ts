export { FeedbackSlot } from './FeedbackSlot';
