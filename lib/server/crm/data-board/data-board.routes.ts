import 'server-only';
import {
  exportDataBoard,
  getDataBoard,
  getDataBoardOptions,
} from '@/lib/shared/data-board/data-board.contract';
import { BOARD_EXPORT_FILE_NAME } from '@/lib/shared/data-board/data-board.constants';
import { defineRoute, xlsxResponse } from '@/lib/server/platform';
import { exportBoard } from './data-board-export';
import { boardOptions, dataBoard } from './data-board.service';

export const dataBoardRoutes = [
  defineRoute(getDataBoardOptions, async ({ auth }) => {
    const { scope, depts, members } = await boardOptions(auth);
    return { scope, depts, members };
  }),
  defineRoute(getDataBoard, ({ auth, body }) => dataBoard(auth, body)),
  defineRoute(exportDataBoard, async ({ auth, body }) =>
    xlsxResponse(await exportBoard(auth, body), BOARD_EXPORT_FILE_NAME),
  ),
];
