export { BoxplotChart as chart } from 'echarts/charts';
